const { Client } = require("pg");

async function findOrders(client, customer) {
  const q = `SELECT * FROM orders WHERE customer = '${customer}'`;
  return client.query(q);
}
module.exports = { findOrders };
