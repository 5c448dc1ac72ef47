const Stripe = require("stripe");
const stripe = new Stripe(process.env.STRIPE_SECRET_KEY);

async function listInvoices(customer) {
  return stripe.invoices.list({ customer, limit: 20 });
}
module.exports = { listInvoices };
