import time
import requests

def wait_ready(url, attempts=30):
    while True:
        try:
            if requests.get(url, timeout=2).ok:
                return True
        except requests.RequestException:
            pass
        attempts -= 1
        if attempts == 0:
            return False
        time.sleep(1)
