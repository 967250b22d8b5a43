#!/usr/bin/env python3
"""Generates deep links for the differential check (see run.sh): random walks through a
route table (valid links with random values, uuids, escapes, queries), and, for about half,
one to three mutations (inserted slashes, escapes, bad escapes, control characters, spaces,
'#', '?', '&', case changes, the Kelvin sign, deletions, truncations, long segments).

usage: generate_links.py ROUTES_FILE COUNT SEED > links.txt
"""
import random, sys, re
path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(seed)
scheme = None; flows = {}; screens = []
for line in open(path):
    t = line.split('#')[0].split()
    if not t: continue
    if t[0] == 'scheme': scheme = t[1]
    elif t[0] == 'flow':
        tabs = t[t.index('tabs')+1:] if 'tabs' in t else []
        flows[t[1]] = tabs
    elif t[0] == 'screen':
        name, place, kind = t[1], t[2], t[3]
        flow, _, tab = place.partition('.')
        rest = t[4:]; pattern = []
        if rest and rest[0] not in ('after', 'query'):
            pattern = rest[0].split('/'); rest = rest[1:]
        after, query, mode = [], [], None
        for x in rest:
            if x in ('after', 'query'): mode = x; continue
            (after if mode == 'after' else query).append(x)
        screens.append(dict(name=name, flow=flow, tab=tab, kind=kind, pattern=pattern, after=after, query=query))
byname = {s['name']: s for s in screens}
succ = {s['name']: [o for o in screens if s['name'] in o['after']] for s in screens}
words = ['a', 'b', 'x', 'new', 'edit', 'settings', 'hello%20world', 'caf%C3%A9', 'café', 'a%2Fb', '%2541', 'K', '\u212a', 'ab-12', '-', '~', '.', '..', 'x' * 40, '%41' * 20]
def value(typ):
    r = rnd.random()
    if typ == 'int':
        return rnd.choice([str(rnd.randint(-5, 99999)), '042', '-0', '9223372036854775807', '9223372036854775808', '+1', '1.5', 'abc', '%31%32'])
    if typ == 'uuid':
        u = '%08x-%04x-%04x-%04x-%012x' % tuple(rnd.getrandbits(b) for b in (32, 16, 16, 16, 48))
        return rnd.choice([u, u.upper(), u[:-1], u.replace('-', '')]) if r < 0.9 else rnd.choice(words)
    return rnd.choice(words + [str(rnd.randint(0, 99))] + ['%08x-%04x-%04x-%04x-%012x' % tuple(rnd.getrandbits(b) for b in (32, 16, 16, 16, 48))])
def seg(p):
    if p.startswith('{'):
        typ = p[1:-1].split(':')[1] if ':' in p else 'string'
        return value(typ)
    return p
def walk():
    flow = rnd.choice(list(flows))
    tabs = flows[flow]
    parts = [flow]; qkeys = []
    if tabs:
        tab = rnd.choice(tabs)
        root = next(s for s in screens if s['flow'] == flow and s['kind'] == 'root' and s['tab'] == tab)
        if rnd.random() < 0.9 or True: parts.append(tab)
    else:
        root = next(s for s in screens if s['flow'] == flow and s['kind'] == 'root')
    cur = root; qkeys += root['query']
    for _ in range(rnd.choice([0, 1, 2, 3, 4, 6, 10])):
        options = succ[cur['name']]
        if not options or cur['kind'] in ('sheet', 'alert'): break
        cur = rnd.choice(options)
        parts += [seg(p) for p in cur['pattern']]
        qkeys += cur['query']
    link = scheme + '://' + '/'.join(parts)
    allkeys = [q for s in screens if s['flow'] == flow for q in s['query']]
    if (qkeys or allkeys) and rnd.random() < 0.5:
        pairs = []
        for _ in range(rnd.randint(1, 3)):
            q = rnd.choice(qkeys + allkeys + ['zz:string'])
            k, _, typ = q.rstrip('?').partition(':')
            pairs.append(k + '=' + (value(typ) if rnd.random() < 0.9 else ''))
        link += '?' + '&'.join(pairs)
    return link
tokens = ['/', '//', '%', '%2F', '%zz', '%4', '%41', '%C3%A9', '%C2%9B', '%00', '%7F', '?', '&', '=', '#', ' ', '@', ':', 'K', '\u212a', 'é', '\u009b', 'A', 'Z', '1', '-', '?q=', '&q=1', '/post', '/1', '/x', '%E2%84%AA']
def mutate(s):
    for _ in range(rnd.randint(1, 3)):
        op = rnd.random(); i = rnd.randint(0, len(s))
        if op < 0.45: s = s[:i] + rnd.choice(tokens) + s[i:]
        elif op < 0.65 and s: j = min(len(s), i + rnd.randint(1, 4)); s = s[:i] + s[j:]
        elif op < 0.75: s = s[:i].upper() + s[i:] if rnd.random() < 0.5 else s[:i] + s[i:].upper()
        elif op < 0.85: s = s + rnd.choice(['/', '?', '&', '/a' * rnd.randint(1, 40), '/' + 'x' * rnd.randint(250, 260)])
        else: s = s[:i]
    return s
out = []
for n in range(count):
    l = walk()
    if rnd.random() < 0.45: l = mutate(l)
    l = l.replace('\n', '')
    out.append(l)
sys.stdout.write('\n'.join(out) + '\n')
