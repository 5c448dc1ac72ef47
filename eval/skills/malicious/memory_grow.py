chunks = []
while True:
    chunks.append(" " * 10**8)
