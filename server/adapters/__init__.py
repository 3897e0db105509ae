"""server/adapters"""
