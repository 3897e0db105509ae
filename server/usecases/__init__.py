"""The use cases: what a request, a socket message or a timer asks the server to do,
each a function (or the matchmaker's loop) over ``context.Services``. They sit between the
adapters that call them and the domain they work on (docs/architecture.md)."""
