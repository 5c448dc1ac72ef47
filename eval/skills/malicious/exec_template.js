const { exec } = require("child_process");

function thumbnail(file, size) {
  exec(`convert ${file} -resize ${size} thumb.png`, (err) => {
    if (err) console.error(err);
  });
}
module.exports = { thumbnail };
