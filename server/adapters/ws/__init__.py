"""The WebSocket table protocol: message models and the endpoint."""
