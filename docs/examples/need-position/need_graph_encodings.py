"""What graphs use instead of an index: encodings computed from the edges.

A path of 8 nodes (a sequence seen as a graph) and the same path with its nodes relabelled.
Laplacian eigenvectors are sampled cosines on the path, and follow a relabelling up to the
sign of each vector; random-walk return probabilities follow it exactly.
"""

import numpy as np

n, k = 8, 3  # nodes, encoding width
A = np.zeros((n, n))
A[np.arange(n - 1), np.arange(1, n)] = A[np.arange(1, n), np.arange(n - 1)] = 1  # a path


def laplacian_pe(adj):
    """The k eigenvectors of D - A after the constant one, by increasing eigenvalue."""
    _, vecs = np.linalg.eigh(np.diag(adj.sum(1)) - adj)
    return vecs[:, 1:k + 1]


def random_walk_pe(adj):
    """The probability of being back at the start after 1 .. k steps of a random walk."""
    step = adj / adj.sum(0)  # column j: where a walker at j goes next
    return np.stack([np.diag(np.linalg.matrix_power(step, s)) for s in range(1, k + 1)], 1)


lap = laplacian_pe(A)
i = np.arange(n)
cosines = np.stack([np.cos(np.pi * f * (i + 0.5) / n) for f in range(1, k + 1)], 1)
cosines /= np.linalg.norm(cosines, axis=0)
print("path: Laplacian eigenvectors = sampled cosines, up to sign:",
      np.allclose(np.abs(lap.T @ cosines), np.eye(k), atol=1e-12))

perm = np.array([3, 7, 0, 5, 1, 6, 2, 4])  # node perm[j] of the path becomes node j
B = A[np.ix_(perm, perm)]  # the same graph, relabelled
lap_b = laplacian_pe(B)
signs = np.sign((lap_b * lap[perm]).sum(0))
print("relabelled: Laplacian encoding moves with its node, up to the sign of each column:",
      np.allclose(lap_b, lap[perm] * signs, atol=1e-12))
print("relabelled: random-walk encoding moves with its node exactly:",
      np.allclose(random_walk_pe(B), random_walk_pe(A)[perm], atol=1e-12))
print("random-walk encoding of nodes 0 .. 3 (the path is symmetric):")
print(np.round(random_walk_pe(A)[: n // 2], 3))
