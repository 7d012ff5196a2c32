"""Prints a function whose body nests N scf.for loops (argv[1])."""
import sys

n = int(sys.argv[1])
print("func.func @deep(%lb: index, %ub: index, %s: index) {")
for i in range(n):
    print("scf.for %%i%d = %%lb to %%ub step %%s {" % i)
print("}\n" * n, end="")
print("return\n}")
