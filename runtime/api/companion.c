/*
 * The companion libraries of the CANN runtime (libacl_dvpp.so, libacl_cblas.so,
 * libacl_op_compiler.so, libmsprofiler.so, libacl_tdt_channel.so, libacl_tdt_queue.so,
 * libacl_retr.so, libascend_dump.so) exist so that applications and their CMake files that
 * link them (`target_link_libraries(main ascendcl acl_dvpp)`) build unchanged. Every AscendCL
 * function lives in libascendcl.so; each companion only records a dependency on it.
 */
typedef int asim_companion_library_is_empty;
