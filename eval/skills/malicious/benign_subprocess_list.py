import subprocess

def convert(filename: str, fmt: str) -> None:
    subprocess.run(["pandoc", filename, "-o", f"out.{fmt}"], check=True)
