import BookRecommenderCLI

await CLI.main()
