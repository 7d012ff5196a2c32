"""Validates torq-prefetch-report files against docs/report.schema.json:
check-report.py SCHEMA REPORT... Implements the part of JSON Schema
(2020-12) the schema uses: type (one or a list), const, enum, minimum,
maximum, required, properties, additionalProperties (false or a schema),
items, $ref to #/$defs. Prints "N reports valid"; exits 1 on the first
violation, naming the file and the JSON path."""
import json
import sys

def kind_ok(value, kind):
    return {
        "object": isinstance(value, dict),
        "array": isinstance(value, list),
        "string": isinstance(value, str),
        "boolean": isinstance(value, bool),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, (int, float)) and not isinstance(value, bool),
        "null": value is None,
    }[kind]

def check(value, schema, root, path, errors):
    if "$ref" in schema:
        node = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        check(value, node, root, path, errors)
        return
    kinds = schema.get("type")
    if kinds is not None:
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if not any(kind_ok(value, k) for k in kinds):
            errors.append(f"{path}: {value!r} is not of type {kinds}")
            return
    if "const" in schema and value != schema["const"]:
        errors.append(f"{path}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(f"{path}: {value} < {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(f"{path}: {value} > {schema['maximum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{path}: '{key}' is missing")
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, v in value.items():
            if key in props:
                check(v, props[key], root, f"{path}.{key}", errors)
            elif extra is False:
                errors.append(f"{path}: '{key}' is not in the schema")
            elif isinstance(extra, dict):
                check(v, extra, root, f"{path}.{key}", errors)
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            check(v, schema["items"], root, f"{path}[{i}]", errors)

schema = json.load(open(sys.argv[1]))
n = 0
for name in sys.argv[2:]:
    errors = []
    check(json.load(open(name)), schema, schema, "$", errors)
    if errors:
        print(f"{name}: invalid report: {errors[0]}")
        sys.exit(1)
    n += 1
print(f"{n} reports valid")
