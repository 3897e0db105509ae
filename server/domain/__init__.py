"""server/domain"""
