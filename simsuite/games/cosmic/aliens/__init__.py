"""The aliens as files: the format of a file and its checks (source.py, args.py), loading the files and
pasting them into the kernel (files.py), and ``simsuite check alien`` (check.py, check_worker.py). The
power API the files call is part of the kernel (kernel/alien_api.py, kernel/alien_api_flow.py); the
handles it passes them are handles.py."""
