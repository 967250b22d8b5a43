#ifndef WAYFINDER_CCRYPT_SHIM_H
#define WAYFINDER_CCRYPT_SHIM_H
// libxcrypt (Debian's libcrypt-dev): yescrypt password hashing through crypt_r.
#include <crypt.h>
#endif
