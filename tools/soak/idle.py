"""Idle keep-alive connections of the soak (tools/soak/run.sh).

Holds COUNT connections to HOST:PORT for SECONDS. Half of them send a request every KEEP seconds (shorter than the
server's --idle-timeout), so they stay open the whole run; the other half send one request and then stay silent
until the server closes them for idleness, and are opened again at once. Prints how many connections were opened
and how many requests answered at the end.
"""

import socket
import sys
import time

host, port, count, seconds, keep = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
request = f"GET /hometown/count HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()


opened = 0
answered = 0
failed = 0


def open_one():
    """A new connection that has had one answer, or None when the server did not answer within 30 s."""
    global opened, answered, failed
    try:
        s = socket.create_connection((host, port), timeout=30)
        opened += 1
        s.sendall(request)
        if not s.recv(65536):  # the answer is small: one read holds it
            raise OSError("closed before answering")
        answered += 1
        s.setblocking(False)
        return s
    except OSError:
        failed += 1
        return None


conns = [[open_one(), time.monotonic(), i % 2 == 0] for i in range(count)]
end = time.monotonic() + seconds
while time.monotonic() < end:
    time.sleep(1)
    now = time.monotonic()
    for c in conns:
        sock, last, keepalive = c
        closed = sock is None
        if sock is not None:
            try:
                closed = sock.recv(65536) == b""  # the server closed it (idle timeout)
            except BlockingIOError:
                pass
            except OSError:
                closed = True
        if closed:
            if sock is not None:
                sock.close()
            c[0], c[1] = open_one(), now
        elif keepalive and now - last >= keep:
            try:
                sock.setblocking(True)
                sock.sendall(request)
                if not sock.recv(65536):
                    raise OSError("closed")
                sock.setblocking(False)
                answered += 1
            except OSError:
                failed += 1
                sock.close()
                c[0] = None
            c[1] = now
for c in conns:
    if c[0] is not None:
        c[0].close()
print(f"idle connections: {count} held, {opened} opened in all, {answered} requests answered,"
      f" {failed} failed (no answer within 30 s or closed while waiting)")
