#!/usr/bin/env python3
"""Checks that libmancala exports exactly its public API.

- The functions declared in the public headers, the names listed in the
  version script and the defined dynamic symbols of the shared library
  (nm -D --defined-only) are the same set, with nothing else exported.
- Each symbol carries the version of the version-script node that lists
  it (all of 1.0 carry MANCALA_1.0), and each node after the first
  inherits the one before it.
- The static library defines no global name outside the library's
  namespace (mancala_ for the API, mancala__ for internal names), so it
  cannot clash with a program's own names.
- Every enumerator of the public headers has an explicit value and is
  pinned in the frozen-constants test (FROZEN(NAME, value) in FROZEN.c).

Usage: symbols.py --nm NM --map MAP --shared LIB.so --static LIB.a
                  --frozen FROZEN.c HEADER...
"""
import argparse
import re
import subprocess
import sys


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def header_functions(paths):
    """Names of the functions declared in C headers written in this
    project's style (one declaration per statement)."""
    names, problems = set(), []
    for path in paths:
        with open(path, encoding='utf-8') as f:
            text = strip_comments(f.read())
        text = re.sub(r'^\s*#(?:[^\n]*\\\n)*[^\n]*', ' ', text, flags=re.M)
        text = re.sub(r'extern\s+"C"\s*\{', ' ', text)
        # Drop bodies of enums and structs, innermost first.
        while True:
            stripped = re.sub(r'\{[^{}]*\}', ' ', text)
            if stripped == text:
                break
            text = stripped
        text = text.replace('}', ' ')  # the end of the extern "C" block
        for statement in text.split(';'):
            statement = ' '.join(statement.split())
            if not statement or statement.startswith('typedef'):
                continue
            match = re.search(r'\b(\w+)\s*\(', statement)
            if not match:
                if not re.match(r'(enum|struct|union)\b', statement):
                    problems.append(f'{path}: not a function: {statement}')
                continue
            name = match.group(1)
            if not name.startswith('mancala_') or name.startswith('mancala__'):
                problems.append(f'{path}: public function {name} lacks the mancala_ prefix')
            names.add(name)
    return names, problems


def header_enumerators(paths):
    """{name: explicit value or None} of the enumerators in C headers."""
    enumerators = {}
    for path in paths:
        with open(path, encoding='utf-8') as f:
            text = strip_comments(f.read())
        for body in re.findall(r'\benum\b[^{;]*\{([^}]*)\}', text):
            for item in body.split(','):
                name, _, value = (part.strip() for part in item.partition('='))
                if name:
                    enumerators[name] = value or None
    return enumerators


def version_script(path):
    """[(node, parent, [names])] of a GNU ld version script."""
    with open(path, encoding='utf-8') as f:
        text = strip_comments(f.read())
    nodes = []
    for node, body, parent in re.findall(r'([\w.]+)\s*\{(.*?)\}\s*([\w.]*)\s*;', text, flags=re.S):
        names, scope = [], None
        for token in re.findall(r'[\w*.]+\s*:|[^\s;]+', body):
            if token.endswith(':'):
                scope = token[:-1].strip()
            elif scope == 'global':
                names.append(token)
        nodes.append((node, parent, names))
    return nodes


def nm(nm_program, *args):
    return subprocess.run([nm_program, *args], check=True, capture_output=True,
                          text=True).stdout.splitlines()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--nm', default='nm')
    parser.add_argument('--map', required=True)
    parser.add_argument('--shared', required=True)
    parser.add_argument('--static', required=True)
    parser.add_argument('--frozen', required=True)
    parser.add_argument('headers', nargs='+')
    args = parser.parse_args()

    errors = []
    declared, problems = header_functions(args.headers)
    errors += problems
    if len(declared) < 10:
        errors.append(f'found only {len(declared)} functions in the headers: the parser is broken')

    # The version script lists every declared function once, in the node
    # of the release that added it.
    nodes = version_script(args.map)
    version_of = {}
    for i, (node, parent, names) in enumerate(nodes):
        if i == 0 and parent:
            errors.append(f'{args.map}: the first node {node} inherits {parent}')
        if i > 0 and parent != nodes[i - 1][0]:
            errors.append(f'{args.map}: node {node} must inherit {nodes[i - 1][0]}, not "{parent}"')
        for name in names:
            if name in version_of:
                errors.append(f'{args.map}: {name} listed in {version_of[name]} and {node}')
            version_of[name] = node
    if not nodes or nodes[0][0] != 'MANCALA_1.0':
        errors.append(f'{args.map}: the first node must be MANCALA_1.0')
    for name in sorted(declared - version_of.keys()):
        errors.append(f'{name} is declared but not in {args.map}: it would not be exported')
    for name in sorted(version_of.keys() - declared):
        errors.append(f'{name} is in {args.map} but declared in no public header')

    # The shared library exports exactly those, each at its node.
    exported = {}
    for line in nm(args.nm, '-D', '--defined-only', args.shared):
        fields = line.split()
        kind, symbol = fields[-2], fields[-1]
        if kind == 'A' and symbol in (n for n, _, _ in nodes):
            continue  # the definition of a version node, not a symbol
        name, _, version = symbol.partition('@@')
        if kind != 'T':
            errors.append(f'{args.shared}: exports {symbol} of type {kind}: only functions are API')
        if not version:
            errors.append(f'{args.shared}: {symbol} has no default version (nm: {line.strip()})')
        exported[name] = version
    for name in sorted(declared - exported.keys()):
        errors.append(f'{name} is declared but not exported by {args.shared}')
    for name in sorted(exported.keys() - declared):
        errors.append(f'{args.shared} exports {name}, which no public header declares')
    for name in sorted(exported.keys() & version_of.keys()):
        if exported[name] != version_of[name]:
            errors.append(f'{name} has version {exported[name]}, the version script says {version_of[name]}')

    # The static library: global names stay in the namespace.
    for line in nm(args.nm, '-A', '--defined-only', '--extern-only', args.static):
        where, _, rest = line.rpartition(':')
        name = rest.split()[-1]
        # Names starting with __ are reserved for the implementation, which
        # adds some when instrumenting (ASan's __odr_asan.*, gcov's).
        if name.startswith('mancala__') or name.startswith('__'):
            continue
        if not name.startswith('mancala_'):
            errors.append(f'{where}: defines the global {name}; make it static or name it mancala__...')
        elif name not in declared:
            errors.append(f'{where}: defines {name}, not a public function; internal names use mancala__')

    # Enum values are ABI too: explicit, and pinned.
    with open(args.frozen, encoding='utf-8') as f:
        pinned = set(re.findall(r'FROZEN\((\w+),', f.read()))
    for name, value in sorted(header_enumerators(args.headers).items()):
        if value is None:
            errors.append(f'enumerator {name} has no explicit value')
        if name not in pinned:
            errors.append(f'enumerator {name} is not pinned: add FROZEN({name}, {value}) to {args.frozen}')

    for error in errors:
        print('FAIL:', error)
    if errors:
        return 1
    print(f'{len(declared)} public functions, all exported at their version; nothing else is global')
    return 0


if __name__ == '__main__':
    sys.exit(main())
