function calculate(expression) {
  return eval(expression);
}

function runUserHook(code) {
  return new Function(code)();
}
module.exports = { calculate, runUserHook };
