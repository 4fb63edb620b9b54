"""Exercise: the bias ALiBi's head 2 of 8 adds for query 10 and key 4."""

import pe.relatives

heads, head, query, key = 8, 2, 10, 4
slope = 2 ** (-8 * head / heads)
answer = -slope * (query - key)
print(f"slope of head {head}: 2 ** (-8 * {head} / {heads}) = {slope}")
print(f"bias: -{slope} * ({query} - {key}) = {answer}")
print(f"pe.relatives.alibi_bias: {pe.relatives.alibi_bias(query + 1, heads)[head - 1, query, key]}")
