import BookRecommender

#if canImport(Glibc)
    import Glibc
#endif

exit(await CLI.run(CommandLine.arguments))
