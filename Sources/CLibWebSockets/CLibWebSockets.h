/*
 * CLibWebSockets: the libwebsockets 4.1.6 C API for Swift.
 *
 * This header only includes <libwebsockets.h> and <ev.h> (the epoll loop lws can run on)
 * and adds `static inline` shims for the few things Swift cannot import: function-like or
 * composite macros (LWS_PRE, options that OR two shifts, libev's flag sets) and
 * printf-style logging.
 * No logic lives here; the Swift Transport target wraps everything.
 */
#ifndef CHECKWIRE_CLIBWEBSOCKETS_H
#define CHECKWIRE_CLIBWEBSOCKETS_H

#include <libwebsockets.h>
#include <ev.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <linux/sockios.h>

/* Headroom lws_write needs in front of every payload (LWS_PRE is a padded macro). */
static inline size_t checkwire_lws_pre(void) { return LWS_PRE; }

/* Context/vhost option flags used by Transport, as plain integers. */
static inline uint64_t checkwire_lws_option_validate_utf8(void) { return LWS_SERVER_OPTION_VALIDATE_UTF8; }
static inline uint64_t checkwire_lws_option_disable_ipv6(void) { return LWS_SERVER_OPTION_DISABLE_IPV6; }
static inline uint64_t checkwire_lws_option_do_ssl_global_init(void) { return LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT; }
static inline uint64_t checkwire_lws_option_just_use_raw_origin(void) { return LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN; }
static inline uint64_t checkwire_lws_option_fail_upon_unable_to_bind(void) { return LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND; }

/* The libev event loop (epoll) lws runs on when asked to: LWS_SERVER_OPTION_LIBEV with the
 * loop as info.foreign_loops[0]; lws loads its evlib_ev plugin for it. */
static inline uint64_t checkwire_lws_option_libev(void) { return LWS_SERVER_OPTION_LIBEV; }
static inline struct ev_loop *checkwire_ev_loop_new(void) {
    return ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOENV | EVFLAG_NOSIGMASK);
}
/* Waits for at least one event, handles everything ready, returns. */
static inline int checkwire_ev_run_once(struct ev_loop *loop) { return ev_run(loop, EVRUN_ONCE); }

/* Read servicing on or off for one connection, applied at once even outside its callbacks. */
static inline int checkwire_lws_rx_flow(struct lws *wsi, int enable) {
    return lws_rx_flow_control(wsi, enable | LWS_RXFLOW_REASON_FLAG_PROCESS_NOW);
}

/* TCP_NOTSENT_LOWAT: Swift's Glibc module does not export <netinet/tcp.h>'s newer options. */
static inline int checkwire_tcp_notsent_lowat(void) { return TCP_NOTSENT_LOWAT; }

/* Bytes a TCP socket holds that the peer has not acknowledged yet (sent or not): SIOCOUTQ.
 * ioctl is variadic, which Swift cannot call. -1 when it fails. */
static inline int checkwire_socket_unacknowledged_bytes(int fd) {
    int bytes = 0;
    return ioctl(fd, SIOCOUTQ, &bytes) == 0 ? bytes : -1;
}

/* lws's printf-style logger, callable from Swift with an already formatted message. */
static inline void checkwire_lws_log(int level, const char *message) { _lws_log(level, "%s\n", message); }

#endif
