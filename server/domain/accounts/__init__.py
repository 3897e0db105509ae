"""server/domain/accounts"""
