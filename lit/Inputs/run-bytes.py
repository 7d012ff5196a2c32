"""Runs a command whose arguments hold \\xNN escapes as those bytes (lit's
shell cannot write an argument that is not UTF-8); its exit code and output
pass through."""
import codecs
import subprocess
import sys

args = [codecs.escape_decode(a.encode())[0] for a in sys.argv[1:]]
sys.exit(subprocess.run(args).returncode)
