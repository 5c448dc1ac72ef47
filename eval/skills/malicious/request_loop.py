import requests

url = "https://status.target-shop.com/api/cart"
while True:
    requests.post(url, json={"item": 1, "qty": 1})
