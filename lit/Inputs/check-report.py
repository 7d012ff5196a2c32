"""Validates torq-prefetch-report files against docs/report.schema.json
(derived from the report's Rust types, decide::report_schema) with the
jsonschema library, draft 2020-12: check-report.py SCHEMA REPORT...
Prints "N reports valid"; exits 1 on the first file with a violation,
naming the file and the JSON path."""
import json
import sys

from jsonschema import Draft202012Validator

schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
n = 0
for name in sys.argv[2:]:
    errors = sorted(validator.iter_errors(json.load(open(name))), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        print(f"{name}: invalid report: {e.json_path}: {e.message}")
        sys.exit(1)
    n += 1
print(f"{n} reports valid")
