const { execFile } = require("child_process");

function thumbnail(file, size) {
  execFile("convert", [file, "-resize", size, "thumb.png"], (err) => {
    if (err) console.error(err);
  });
}
module.exports = { thumbnail };
