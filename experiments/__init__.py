"""Small transformers trained on toy tasks: what positions do inside a model."""
