from tideboard.cli import run as main

if __name__ == "__main__":
    main()
