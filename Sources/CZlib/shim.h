// zlib from Debian (zlib1g-dev): gzip for the batch commands' input and output.
#include <zlib.h>
