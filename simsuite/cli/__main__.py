from simsuite.cli import main

main()
