"""Thin REST routers: they validate, authenticate and hand over to the runtime."""
