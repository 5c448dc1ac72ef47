import subprocess

def convert(filename, fmt):
    subprocess.run(f"pandoc {filename} -o out.{fmt}", shell=True, check=True)

def ping(host):
    import os
    os.system("ping -c 1 " + host)
