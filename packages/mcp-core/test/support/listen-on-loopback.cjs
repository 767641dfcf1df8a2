// Preloaded (`node --require`) into a third-party HTTP server a test starts: every listen binds
// 127.0.0.1 on the port asked for (the test asks for 0, the server reads it from `PORT`), the bound
// port is printed as `LISTENING <port>`, and the process exits when its stdin ends, so a dying test
// runner never leaves it behind.
const net = require("node:net");

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  this.once("listening", () => process.stdout.write(`LISTENING ${this.address().port}\n`));
  if (typeof args[0] === "number" || typeof args[0] === "string") {
    const [port, ...rest] = args;
    return listen.call(this, Number(port), "127.0.0.1", ...rest.filter((arg) => typeof arg === "function"));
  }
  return listen.apply(this, args);
};
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
