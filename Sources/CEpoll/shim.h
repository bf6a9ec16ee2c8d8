// Linux's epoll and eventfd, which Glibc's Swift module does not include (SocketPoller).
#include <sys/epoll.h>
#include <sys/eventfd.h>
