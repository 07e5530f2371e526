// libcrypto for Checkwire: scrypt (EVP_PBE_scrypt), SHA-256, HMAC, RAND_bytes, CRYPTO_memcmp.
// Only includes: every function used is a plain C function that Swift imports directly.
#ifndef CHECKWIRE_COPENSSL_SHIM_H
#define CHECKWIRE_COPENSSL_SHIM_H
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/hmac.h>
#endif
