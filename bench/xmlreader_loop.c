/*
 * The C peer of the XML row in scripts/bench: one thread, libxml2's streaming
 * reader, the loop a C programmer would write for ratings XML. It reads every
 * <rating> child of the root with xmlTextReaderRead and xmlTextReaderGetAttribute
 * (user, book, value), counts the ratings and sums the values so nothing is
 * optimised away, and prints one JSON line with the seconds the loop took.
 *
 *   gcc -O2 $(pkg-config --cflags libxml-2.0) bench/xmlreader_loop.c \
 *       $(pkg-config --libs libxml-2.0) -o bench/work/xmlreader_loop
 *   bench/work/xmlreader_loop ratings.xml
 */
#include <libxml/xmlreader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s ratings.xml\n", argv[0]);
        return 64;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    xmlTextReaderPtr reader = xmlReaderForFile(argv[1], NULL, XML_PARSE_NONET);
    if (reader == NULL) {
        fprintf(stderr, "%s: cannot open\n", argv[1]);
        return 66;
    }
    long ratings = 0, missing = 0;
    double sum = 0;
    int status;
    while ((status = xmlTextReaderRead(reader)) == 1) {
        if (xmlTextReaderNodeType(reader) != XML_READER_TYPE_ELEMENT || xmlTextReaderDepth(reader) != 1 ||
            !xmlStrEqual(xmlTextReaderConstLocalName(reader), BAD_CAST "rating"))
            continue;
        xmlChar *user = xmlTextReaderGetAttribute(reader, BAD_CAST "user");
        xmlChar *book = xmlTextReaderGetAttribute(reader, BAD_CAST "book");
        xmlChar *value = xmlTextReaderGetAttribute(reader, BAD_CAST "value");
        if (user != NULL && book != NULL && value != NULL) {
            ratings++;
            sum += strtod((const char *)value, NULL);
        } else {
            missing++;
        }
        xmlFree(user);
        xmlFree(book);
        xmlFree(value);
    }
    xmlFreeTextReader(reader);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("{\"ratings\": %ld, \"missing\": %ld, \"valueSum\": %.1f, \"seconds\": %.3f, \"ok\": %s}\n", ratings,
           missing, sum, seconds, status == 0 ? "true" : "false");
    return status == 0 ? 0 : 65;
}
