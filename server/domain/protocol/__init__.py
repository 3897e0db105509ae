"""server/domain/protocol"""
