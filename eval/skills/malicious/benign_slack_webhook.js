const url = process.env.SLACK_WEBHOOK_URL;

async function notify(text) {
  await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text }) });
}
module.exports = { notify };
