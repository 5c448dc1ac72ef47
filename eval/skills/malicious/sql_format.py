import sqlite3

def find_user(conn: sqlite3.Connection, name: str):
    cur = conn.cursor()
    cur.execute(f"SELECT id, email FROM users WHERE name = '{name}'")
    return cur.fetchall()

def delete_order(conn, order_id):
    conn.execute("DELETE FROM orders WHERE id = %s" % order_id)
