#ifndef BOOKREC_CLIBXML2_SHIM_H
#define BOOKREC_CLIBXML2_SHIM_H

// libxml2's ICU headers clash with Foundation's copy of ICU. xmlversion.h is
// what defines LIBXML_ICU_ENABLED, so undefine it after that header and before
// the rest (only the ICU fields of xmlCharEncodingHandler, unused here, vanish).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>

/// Swift 6 rejects the mutable C global `xmlFree`; call it through this.
static inline void bookrec_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
