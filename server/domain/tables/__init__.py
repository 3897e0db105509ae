"""Table actors, clocks, bot seats, connections and the manager that holds them."""
