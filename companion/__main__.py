from companion.cli.main import main

main()
