import sys

def run_formula(expr):
    # evaluate the user's formula
    return eval(expr)

def run_plugin(source):
    exec(source)

if __name__ == "__main__":
    print(run_formula(sys.argv[1]))
    run_plugin(sys.stdin.read())
