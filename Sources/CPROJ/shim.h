#ifndef HOMETOWN_CPROJ_SHIM_H
#define HOMETOWN_CPROJ_SHIM_H
#include <proj.h>
#include <geodesic.h>

/* The types of the PROJ functions Hometown calls. The library is not linked: HometownProj opens it with dlopen
 * when a command first needs it (its dependencies, curl, TLS, TIFF and more, cost tens of milliseconds of
 * start-up to every command otherwise) and finds each function with dlsym as one of these types, so the
 * signatures come from PROJ's own headers. */
typedef __typeof__(&proj_info) hometown_proj_info_fn;
typedef __typeof__(&proj_context_create) hometown_proj_context_create_fn;
typedef __typeof__(&proj_context_destroy) hometown_proj_context_destroy_fn;
typedef __typeof__(&proj_context_set_enable_network) hometown_proj_context_set_enable_network_fn;
typedef __typeof__(&proj_log_level) hometown_proj_log_level_fn;
typedef __typeof__(&proj_log_func) hometown_proj_log_func_fn;
typedef __typeof__(&proj_context_get_database_path) hometown_proj_context_get_database_path_fn;
typedef __typeof__(&proj_context_errno) hometown_proj_context_errno_fn;
typedef __typeof__(&proj_context_errno_string) hometown_proj_context_errno_string_fn;
typedef __typeof__(&proj_create) hometown_proj_create_fn;
typedef __typeof__(&proj_get_name) hometown_proj_get_name_fn;
typedef __typeof__(&proj_get_id_auth_name) hometown_proj_get_id_auth_name_fn;
typedef __typeof__(&proj_get_id_code) hometown_proj_get_id_code_fn;
typedef __typeof__(&proj_create_crs_to_crs) hometown_proj_create_crs_to_crs_fn;
typedef __typeof__(&proj_normalize_for_visualization) hometown_proj_normalize_for_visualization_fn;
typedef __typeof__(&proj_destroy) hometown_proj_destroy_fn;
typedef __typeof__(&proj_errno_reset) hometown_proj_errno_reset_fn;
typedef __typeof__(&proj_errno) hometown_proj_errno_fn;
typedef __typeof__(&proj_trans) hometown_proj_trans_fn;
typedef __typeof__(&proj_trans_generic) hometown_proj_trans_generic_fn;
typedef __typeof__(&geod_init) hometown_geod_init_fn;
typedef __typeof__(&geod_inverse) hometown_geod_inverse_fn;
typedef __typeof__(&geod_direct) hometown_geod_direct_fn;
typedef __typeof__(&geod_polygonarea) hometown_geod_polygonarea_fn;
#endif
